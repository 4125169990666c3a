"""Any FHIR R4 export -> canonical :class:`PatientRecord` objects ("bring your own EHR").

Reads a folder (searched recursively) or a single file:

* ``*.ndjson`` / ``*.ndjson.gz`` (also ``.jsonl``): one resource per line, as written by
  FHIR Bulk Data exports and by MIMIC-IV-on-FHIR;
* ``*.json`` / ``*.json.gz``: a Bundle of any type (``entry[].resource``, e.g. one Synthea
  bundle per patient) or a single resource. Bulk-data manifests are skipped.

An export folder is read as it comes: files without a FHIR suffix (``README.md``,
``LICENSE``) and files whose first value is not a FHIR resource (a bulk export's
``log.ndjson``, a manifest) are skipped with one log line each; a malformed line (invalid
JSON, no ``resourceType``, a Patient without id) is reported with its file and line and
the rest of the export is kept (``strict=True`` raises instead). :meth:`FhirExportSource.summary`
says what was read, kept aside and skipped, and why.

Resources are grouped per patient by their patient reference (``subject``, ``patient``,
``beneficiary`` or ``for``); ``urn:uuid:`` references are resolved through Bundle
``fullUrl`` values and rewritten to ``Type/id``. Resources without a patient
(Organization, Location, Medication, ...) are kept aside: Medications are inlined into
the medication resources that reference them, the others are counted and logged.

Normalisation (so the project's tools search every source the same way):

* ``medicationReference`` to a known Medication is replaced by a
  ``medicationCodeableConcept`` built from that Medication (its ``code.coding``, its
  MIMIC ``mimic-medication-name`` identifier as a coding, and the reference's display or
  the medication name as ``text``; a mix is described by its ingredients);
* MIMIC microbiology Observations get the extra category ``microbiology`` in the MIMIC
  observation-category code system;
* the patient reference is written as ``Patient/<id>``.

Nothing is invented and nothing else is changed. Memory grows with the Medications and
the patients being produced, not with the export: the files are read twice (an index
pass, then the selected patients' resources in chunks).
"""

from __future__ import annotations

import copy
import gc
import gzip
import json
import logging
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from physassist_env.fhir.codes import MIMIC, MIMIC_MEDICATION_NAME
from physassist_env.fhir.record import PatientRecord, reference_id
from physassist_env.fhir.validate import FhirValidationError, validate_record
from physassist_env.sources.base import SourceError

logger = logging.getLogger(__name__)

NDJSON_SUFFIXES = (".ndjson", ".ndjson.gz", ".jsonl", ".jsonl.gz")
JSON_SUFFIXES = (".json", ".json.gz")
PATIENT_REFERENCE_FIELDS = ("subject", "patient", "beneficiary", "for")
MEDICATION_TYPES = frozenset(
    {
        "MedicationRequest",
        "MedicationAdministration",
        "MedicationDispense",
        "MedicationStatement",
    }
)
MIMIC_PATIENT_IDENTIFIER = "http://mimic.mit.edu/fhir/mimic/identifier/patient"
MIMIC_OBSERVATION_CATEGORY = MIMIC + "mimic-observation-category"
MICROBIOLOGY_CATEGORY: dict[str, Any] = {
    "coding": [
        {
            "system": MIMIC_OBSERVATION_CATEGORY,
            "code": "microbiology",
            "display": "Microbiology",
        }
    ]
}
_MICRO_PROFILE = "/mimic-observation-micro-"
_MICRO_SYSTEM = MIMIC + "mimic-microbiology-"
_MAX_ERRORS_SHOWN = 20
#: Identifier systems and profiles under this prefix mark a resource as MIMIC-derived.
MIMIC_MARK = "http://mimic.mit.edu/"

Where = tuple[Path, int, str]
"""Location of an item: file, line number (1-based) and an optional entry path."""


def _where(loc: Where) -> str:
    path, line, entry = loc
    return f"{path} line {line}{entry}"


class FhirExportSource:
    """A FHIR R4 export (NDJSON files, Bundles or single resources) as patient records.

    The index pass runs on the first call of :meth:`patient_ids` or :meth:`records`; it
    reads every file, so all unreadable files and bad lines are reported at once.

    Attributes:
        name: ``"fhir"``.
        path: The export folder or file.
        chunk_resources: Roughly how many patient resources one reading pass collects.
        stats: Counts from the index pass (files, resources per type, kept aside,
            skipped with reasons); filled by the first call.
    """

    name = "fhir"
    chunk_resources = 500_000

    def __init__(
        self,
        path: str | Path,
        *,
        patient_ids: Iterable[str] | None = None,
        limit: int | None = None,
        validate: bool = False,
        resource_types: Iterable[str] | None = None,
        strict: bool = False,
    ) -> None:
        """Open an export.

        Args:
            path: A folder (searched recursively) or one ``.ndjson[.gz]``/``.json[.gz]``
                file.
            patient_ids: Restrict the source to these Patient ids (in this order).
            limit: Keep at most this many patients (after ``patient_ids``).
            validate: Validate every record with
                :func:`~physassist_env.fhir.validate.validate_record` and raise
                :class:`SourceError` on the first invalid resource.
            resource_types: Only keep these resource types (the Patient is always kept).
            strict: Raise :class:`SourceError` on the first pass's malformed lines and
                corrupt files instead of reporting them and keeping the rest.

        Raises:
            SourceError: If the path is missing or holds no FHIR files, or ``limit`` is
                negative.
        """
        self.path = Path(path)
        if not self.path.exists():
            raise SourceError(f"FHIR export not found: {self.path}")
        if limit is not None and limit < 0:
            raise SourceError(f"limit must be >= 0, got {limit}")
        self._not_fhir: list[str] = []
        self._files = self._find_files(self.path, self._not_fhir)
        self._strict = strict
        self._skipped_files: set[Path] = set()
        self.problems: list[str] = []
        self._wanted_ids = (
            list(dict.fromkeys(patient_ids)) if patient_ids is not None else None
        )
        self._limit = limit
        self._validate = validate
        self._types = frozenset(resource_types) if resource_types is not None else None
        self._indexed = False
        self._order: list[str] = []
        self._meta: dict[str, dict[str, Any]] = {}
        self._sizes: Counter[str] = Counter()
        self._patient_urns: dict[str, str] = {}
        self._medications: dict[str, dict[str, Any]] = {}
        self.stats: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"FhirExportSource({str(self.path)!r}, files={len(self._files)})"

    # ------------------------------------------------------------------ public API

    def patient_ids(self) -> list[str]:
        """All Patient ids of the export (after the constructor's selection).

        Returns:
            Ids in order of appearance (files sorted by path).

        Raises:
            SourceError: For unreadable files, bad lines or unknown selected ids.
        """
        self._index()
        return list(self._order)

    def records(
        self, patient_ids: Iterable[str] | None = None
    ) -> Iterator[PatientRecord]:
        """Yield one record per patient (all, or those given, in that order).

        Args:
            patient_ids: Patient ids to produce; defaults to :meth:`patient_ids`.

        Raises:
            SourceError: For unreadable files, unknown patient ids, or (with
                ``validate=True``) a record that is not valid FHIR R4.
        """
        self._index()
        ids = self._order if patient_ids is None else list(dict.fromkeys(patient_ids))
        self._check_known(ids, set(self._order))
        for chunk in self._chunks(ids):
            collected = self._collect(set(chunk))
            for pid in chunk:
                record = collected.pop(pid)
                if self._validate:
                    self._validate_record(record)
                yield record

    # ------------------------------------------------------------------ files

    def resource_counts(self) -> dict[str, int]:
        """Resources per selected patient (Patient excluded), from the index pass."""
        self._index()
        return {pid: self._sizes.get(pid, 0) for pid in self._order}

    @property
    def mimic_derived(self) -> bool:
        """Whether any resource carries a MIMIC identifier system or profile.

        The licence follows the data, not the format: such an export is MIMIC-IV (or its
        demo) rendered as FHIR and is licensed, and refused by the Hub push, as MIMIC-IV.
        """
        self._index()
        return self.stats["mimic_marked"] > 0

    def summary(self) -> list[str]:
        """What the index pass read, kept aside and skipped, one line per fact.

        Returns:
            Lines for a person: files read and skipped (with why), resources per type,
            resources kept aside, items skipped by reason, and the malformed lines found.
        """
        self._index()
        st = self.stats
        lines = [
            f"{self.path}: {st['files_read']} FHIR file(s) read, "
            f"{st['resources']} resources, {st['patients']} patient(s)"
        ]
        lines += [f"skipped {note}" for note in self._not_fhir]
        if st["per_type"]:
            lines.append(
                "per type: "
                + ", ".join(f"{t} {n}" for t, n in sorted(st["per_type"].items()))
            )
        if st["aside"]:
            lines.append(
                "kept aside (no patient): "
                + ", ".join(f"{t} {n}" for t, n in sorted(st["aside"].items()))
            )
        if st["skipped"]:
            lines.append(
                "skipped: "
                + ", ".join(f"{n} {why}" for why, n in sorted(st["skipped"].items()))
            )
        if self.problems:
            shown = self.problems[:_MAX_ERRORS_SHOWN]
            more = len(self.problems) - len(shown)
            lines.append(
                f"{len(self.problems)} malformed item(s) skipped, the rest kept:"
            )
            lines += [f"  {p}" for p in shown]
            if more > 0:
                lines.append(f"  ... and {more} more")
        return lines

    @staticmethod
    def _find_files(path: Path, not_fhir: list[str] | None = None) -> list[Path]:
        suffixes = NDJSON_SUFFIXES + JSON_SUFFIXES
        if path.is_file():
            if not path.name.lower().endswith(suffixes):
                raise SourceError(
                    f"{path}: not a FHIR export file (expected one of {', '.join(suffixes)})"
                )
            return [path]
        files: list[Path] = []
        for p in sorted(path.rglob("*")):
            if not p.is_file() or p.name.startswith("."):
                continue
            if p.name.lower().endswith(suffixes):
                files.append(p)
                continue
            note = f"{p.relative_to(path)}: not a FHIR file (no .ndjson/.json suffix)"
            logger.info("skipped %s", note)
            if not_fhir is not None:
                not_fhir.append(note)
        if not files:
            others = f" ({len(not_fhir)} other file(s) skipped)" if not_fhir else ""
            raise SourceError(
                f"{path}: no FHIR files found (searched recursively for "
                f"{', '.join(suffixes)}){others}"
            )
        return files

    @staticmethod
    def _open(path: Path) -> Any:
        with path.open("rb") as fh:
            magic = fh.read(2)
        return gzip.open(path, "rb") if magic == b"\x1f\x8b" else path.open("rb")

    def _read(
        self, path: Path, errors: list[str] | None
    ) -> Iterator[tuple[Where, Any]]:
        """Yield ``(location, json_value)`` for each line (NDJSON) or the whole file (JSON).

        Problems are appended to ``errors`` in the index pass; the collect pass
        (``errors=None``) skips the same items silently. A file whose first line is not
        JSON is not an export file: it is skipped as a whole.
        """

        def fail(message: str) -> None:
            if errors is not None:
                errors.append(message)

        is_ndjson = path.name.lower().endswith(NDJSON_SUFFIXES)
        line_no = 0
        seen = False
        try:
            with self._open(path) as fh:
                if not is_ndjson:
                    data = fh.read()
                    try:
                        yield (path, 1, ""), json.loads(data)
                        return
                    except ValueError as exc:
                        if not (
                            isinstance(exc, json.JSONDecodeError)
                            and exc.msg == "Extra data"
                        ):
                            line = getattr(exc, "lineno", 1)
                            fail(f"{path} line {line}: invalid JSON ({exc})")
                            return
                    lines: Iterable[bytes] = data.splitlines()  # NDJSON named .json
                else:
                    lines = fh
                for line_no, raw in enumerate(lines, start=1):
                    if not raw.strip():
                        continue
                    try:
                        value = json.loads(raw)
                    except ValueError as exc:
                        if not seen:
                            self._not_export_file(
                                path, errors, f"line {line_no} is not JSON"
                            )
                            return
                        fail(f"{path} line {line_no}: invalid JSON ({exc})")
                        continue
                    seen = True
                    yield (path, line_no, ""), value
        except (OSError, EOFError, zlib.error) as exc:
            fail(f"{path}: unreadable or corrupt file after line {line_no} ({exc})")

    def _not_export_file(self, path: Path, errors: list[str] | None, why: str) -> None:
        """Skip a whole file that holds no FHIR resources (export log, README, ...)."""
        if errors is None or path in self._skipped_files:
            return
        self._skipped_files.add(path)
        try:
            shown = path.relative_to(self.path)
        except ValueError:
            shown = path
        note = f"{shown}: not FHIR resources ({why})"
        logger.info("skipped %s", note)
        self._not_fhir.append(note)

    def _resources(
        self, path: Path, errors: list[str] | None
    ) -> Iterator[tuple[Where, dict[str, Any], dict[str, str]]]:
        """Yield ``(location, resource, urn_map)``; Bundles are unpacked (recursively).

        ``urn_map`` maps the ``fullUrl`` values of the enclosing Bundle to ``Type/id``.
        A file whose first value is not a FHIR resource is skipped as a whole.
        """
        if path in self._skipped_files:
            return
        first = True
        for loc, value in self._read(path, errors):
            if first:
                first = False
                rtype = value.get("resourceType") if isinstance(value, dict) else None
                if (
                    isinstance(value, dict)
                    and "output" in value
                    and "transactionTime" in value
                ):
                    self._not_export_file(path, errors, "a bulk-data manifest")
                    return
                if not isinstance(rtype, str) or not rtype:
                    keys = (
                        ", ".join(sorted(value)[:5])
                        if isinstance(value, dict)
                        else type(value).__name__
                    )
                    self._not_export_file(
                        path,
                        errors,
                        f"its first value has no resourceType (keys: {keys})",
                    )
                    return
            yield from self._unpack(loc, value, {}, errors)

    def _unpack(
        self,
        loc: Where,
        value: Any,
        urns: dict[str, str],
        errors: list[str] | None,
    ) -> Iterator[tuple[Where, dict[str, Any], dict[str, str]]]:
        rtype = value.get("resourceType") if isinstance(value, dict) else None
        if not isinstance(rtype, str) or not rtype:
            if errors is not None:
                errors.append(
                    f"{_where(loc)}: resource without resourceType: {str(value)[:120]}"
                )
            return
        if rtype != "Bundle":
            yield loc, value, urns
            return
        entries = value.get("entry") or []
        local: dict[str, str] = {}
        for entry in entries:
            res = entry.get("resource") if isinstance(entry, dict) else None
            full_url = entry.get("fullUrl") if isinstance(entry, dict) else None
            if isinstance(res, dict) and isinstance(full_url, str):
                rt, rid = res.get("resourceType"), res.get("id")
                if not rid and full_url.startswith("urn:uuid:"):
                    rid = res["id"] = full_url[len("urn:uuid:") :]
                if isinstance(rt, str) and rid:
                    local[full_url] = f"{rt}/{rid}"
        merged = {**urns, **local}
        for i, entry in enumerate(entries):
            res = entry.get("resource") if isinstance(entry, dict) else None
            if res is None:
                if errors is not None:
                    self._skip("bundle entry without resource")
                continue
            sub = (loc[0], loc[1], f"{loc[2]} entry {i}")
            yield from self._unpack(sub, res, merged, errors)

    # ------------------------------------------------------------------ index pass

    def _skip(self, reason: str, n: int = 1) -> None:
        skipped = self.stats.setdefault("skipped", Counter())
        skipped[reason] += n

    def _patient_of(self, res: dict[str, Any], urns: dict[str, str]) -> str | None:
        for key in PATIENT_REFERENCE_FIELDS:
            ref = res.get(key)
            if not isinstance(ref, dict):
                continue
            text = ref.get("reference")
            if not isinstance(text, str):
                continue
            if text.startswith("urn:"):
                text = urns.get(text) or self._patient_urns.get(text) or text
            pid = reference_id({"reference": text}, "Patient")
            if pid is not None:
                return pid
        return None

    def _index(self) -> None:
        if self._indexed:
            return
        self._not_fhir = [n for n in self._not_fhir if "no .ndjson/.json suffix" in n]
        self._skipped_files = set()
        self.stats = {
            "files": len(self._files),
            "resources": 0,
            "patients": 0,
            "per_type": Counter(),
            "aside": Counter(),
            "skipped": Counter(),
            "mimic_marked": 0,
        }
        self._meta, self._patient_urns, self._medications = {}, {}, {}
        errors: list[str] = []
        order: list[str] = []
        sizes: Counter[str] = Counter()
        pending: Counter[tuple[str, str]] = (
            Counter()
        )  # unresolved urn patient references
        for path in self._files:
            for loc, res, urns in self._resources(path, errors):
                self.stats["resources"] += 1
                if mimic_marked(res):
                    self.stats["mimic_marked"] += 1
                rtype = res["resourceType"]
                rid = res.get("id")
                if rtype == "Patient":
                    if not isinstance(rid, str) or not rid:
                        errors.append(f"{_where(loc)}: Patient without id")
                        continue
                    if rid in self._meta:
                        self._skip("duplicate Patient")
                        continue
                    order.append(rid)
                    self.stats["per_type"]["Patient"] += 1
                    self._meta[rid] = _patient_meta(res)
                    for url, target in urns.items():
                        if target == f"Patient/{rid}":
                            self._patient_urns[url] = target
                    continue
                if not isinstance(rid, str) or not rid:
                    self._skip(f"{rtype} without id")
                    continue
                pid = self._patient_of(res, urns)
                if pid is None:
                    ref = next(
                        (
                            res[k].get("reference")
                            for k in PATIENT_REFERENCE_FIELDS
                            if isinstance(res.get(k), dict)
                            and str(res[k].get("reference", "")).startswith("urn:")
                        ),
                        None,
                    )
                    if ref is not None:
                        pending[(ref, rtype)] += 1
                        continue
                    self.stats["aside"][rtype] += 1
                    if rtype == "Medication":
                        self._medications[f"Medication/{rid}"] = res
                        for url, target in urns.items():
                            if target == f"Medication/{rid}":
                                self._medications[url] = res
                    continue
                sizes[pid] += 1
                self.stats["per_type"][rtype] += 1
        for (ref, rtype), n in pending.items():
            pid = reference_id(
                {"reference": self._patient_urns.get(ref, "")}, "Patient"
            )
            if pid is None:
                self._skip("unresolved urn patient reference", n)
            else:
                sizes[pid] += n
                self.stats["per_type"][rtype] += n
        self.problems = errors
        if errors:
            shown = "\n  ".join(errors[:_MAX_ERRORS_SHOWN])
            more = len(errors) - _MAX_ERRORS_SHOWN
            tail = f"\n  ... and {more} more" if more > 0 else ""
            if self._strict:
                raise SourceError(
                    f"FHIR export {self.path}: {len(errors)} problem(s):\n  {shown}{tail}"
                )
            logger.warning(
                "FHIR export %s: %d malformed item(s) skipped, the rest kept:\n  %s%s",
                self.path,
                len(errors),
                shown,
                tail,
            )
        orphans = sum(n for pid, n in sizes.items() if pid not in self._meta)
        if orphans:
            self._skip("references a Patient not in the export", orphans)
        self._sizes = sizes
        known = set(order)
        if self._wanted_ids is not None:
            self._check_known(self._wanted_ids, known)
            order = list(self._wanted_ids)
        if self._limit is not None:
            order = order[: self._limit]
        self._order = order
        self.stats["patients"] = len(known)
        self.stats["files_read"] = len(self._files) - len(self._skipped_files)
        self._indexed = True
        logger.info(
            "FHIR export %s: %d files, %d resources (%d MIMIC-marked), %d patients (%d selected); "
            "kept aside: %s; skipped: %s",
            self.path,
            len(self._files),
            self.stats["resources"],
            self.stats["mimic_marked"],
            len(known),
            len(order),
            dict(self.stats["aside"]) or "none",
            dict(self.stats["skipped"]) or "none",
        )

    def _check_known(self, ids: list[str], known: set[str]) -> None:
        unknown = [pid for pid in ids if pid not in known]
        if unknown:
            examples = ", ".join(repr(p) for p in sorted(known)[:5]) or "none"
            raise SourceError(
                f"{len(unknown)} unknown patient id(s) in {self.path}: "
                f"{', '.join(repr(p) for p in unknown[:5])}; known ids include {examples}"
            )

    def _chunks(self, ids: list[str]) -> Iterator[list[str]]:
        chunk: list[str] = []
        size = 0
        for pid in ids:
            n = self._sizes.get(pid, 0) + 1
            if chunk and size + n > self.chunk_resources:
                yield chunk
                chunk, size = [], 0
            chunk.append(pid)
            size += n
        if chunk:
            yield chunk

    # ------------------------------------------------------------------ collect pass

    def _collect(self, wanted: set[str]) -> dict[str, PatientRecord]:
        # Parsed JSON holds no reference cycles; the cyclic GC would only rescan the
        # growing heap over and over (about 3x slower on the MIMIC-on-FHIR demo).
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._collect_chunk(wanted)
        finally:
            if enabled:
                gc.enable()

    def _collect_chunk(self, wanted: set[str]) -> dict[str, PatientRecord]:
        patients: dict[str, dict[str, Any]] = {}
        bodies: dict[str, dict[tuple[str, str], dict[str, Any]]] = {
            p: {} for p in wanted
        }
        inlined = Counter[str]()
        for path in self._files:
            for _loc, res, urns in self._resources(path, None):
                rtype = res["resourceType"]
                if rtype == "Patient":
                    rid = res.get("id")
                    if rid in wanted and rid not in patients:
                        patients[rid] = _strip_record_meta(res)
                    continue
                if self._types is not None and rtype not in self._types:
                    continue
                pid = self._patient_of(res, urns)
                if pid not in wanted:
                    continue
                rid = res.get("id")
                if not isinstance(rid, str) or not rid:
                    continue  # counted by the index pass
                key = (rtype, rid)
                if key in bodies[pid]:
                    inlined["duplicate"] += (
                        1  # same Type/id seen before: keep the first
                    )
                    continue
                inlined[self._normalise(res, pid, urns)] += 1
                bodies[pid][key] = res
        if inlined.get("medication unresolved"):
            logger.warning(
                "%d medicationReference(s) point at Medications not in the export",
                inlined["medication unresolved"],
            )
        if inlined.get("duplicate"):
            logger.warning(
                "%d duplicate resources (same Type/id) skipped", inlined["duplicate"]
            )
        out: dict[str, PatientRecord] = {}
        for pid in wanted:
            meta = copy.deepcopy(self._meta.get(pid, {}))
            resources = [patients[pid], *bodies[pid].values()]
            out[pid] = PatientRecord(
                patient_id=pid, resources=resources, source=self.name, meta=meta
            )
        return out

    def _normalise(self, res: dict[str, Any], pid: str, urns: dict[str, str]) -> str:
        """Rewrite references and inline Medications in place; return what was done."""
        if urns or self._patient_urns:
            _rewrite_urns(res, urns, self._patient_urns)
        for key in PATIENT_REFERENCE_FIELDS:
            ref = res.get(key)
            if isinstance(ref, dict) and isinstance(ref.get("reference"), str):
                if reference_id(ref, "Patient") == pid:  # also absolute URLs
                    ref["reference"] = f"Patient/{pid}"
                    break
        rtype = res["resourceType"]
        if rtype == "Observation" and _is_microbiology(res):
            categories = res.setdefault("category", [])
            if MICROBIOLOGY_CATEGORY not in categories:
                categories.append(copy.deepcopy(MICROBIOLOGY_CATEGORY))
        if rtype in MEDICATION_TYPES and isinstance(
            res.get("medicationReference"), dict
        ):
            return self._inline_medication(res, urns)
        return "normalised"

    def _inline_medication(self, res: dict[str, Any], urns: dict[str, str]) -> str:
        ref = res["medicationReference"]
        target = ref.get("reference")
        med: dict[str, Any] | None = None
        if isinstance(target, str):
            if target.startswith("#"):
                med = next(
                    (
                        c
                        for c in res.get("contained") or []
                        if isinstance(c, dict)
                        and c.get("resourceType") == "Medication"
                        and c.get("id") == target[1:]
                    ),
                    None,
                )
            else:
                rid = reference_id(ref, "Medication")
                key = f"Medication/{rid}" if rid else urns.get(target, target)
                med = self._medications.get(key) or self._medications.get(target)
        concept = (
            _medication_concept(med, ref.get("display"), self._medications)
            if med
            else None
        )
        if concept is None:
            return "medication unresolved"
        # R4 medication[x] is a choice: replace the reference by the concept.
        del res["medicationReference"]
        res["medicationCodeableConcept"] = concept
        return "medication inlined"

    def _validate_record(self, record: PatientRecord) -> None:

        try:
            validate_record(record)
        except FhirValidationError as exc:
            raise SourceError(
                f"{self.path}: patient {record.patient_id!r}: {exc}"
            ) from exc


# ---------------------------------------------------------------------- helpers


#: Patient extension with the record's non-FHIR facts, written by
#: :func:`physassist_env.sources.fhir_ndjson.export_fhir_ndjson` (kept in sync there).
RECORD_META_URL = "urn:physassistbench:record-meta"


def _strip_record_meta(patient: dict[str, Any]) -> dict[str, Any]:
    """Remove the record-meta extension (it is transport, not clinical data)."""
    ext = patient.get("extension")
    if isinstance(ext, list) and any(
        isinstance(e, dict) and e.get("url") == RECORD_META_URL for e in ext
    ):
        kept = [
            e
            for e in ext
            if not (isinstance(e, dict) and e.get("url") == RECORD_META_URL)
        ]
        if kept:
            patient["extension"] = kept
        else:
            del patient["extension"]
    return patient


def _patient_meta(patient: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    for ext in patient.get("extension") or []:
        if isinstance(ext, dict) and ext.get("url") == RECORD_META_URL:
            try:
                carried = json.loads(str(ext.get("valueString") or "{}"))
            except ValueError:
                logger.warning(
                    "patient %s: unreadable record-meta extension", patient.get("id")
                )
                continue
            if isinstance(carried, dict):
                meta.update(carried)
    identifiers = [i for i in patient.get("identifier") or [] if isinstance(i, dict)]
    if identifiers:
        meta["identifiers"] = [dict(i) for i in identifiers]
    for ident in identifiers:
        if ident.get("system") == MIMIC_PATIENT_IDENTIFIER and ident.get("value"):
            meta["mimic_subject_id"] = str(ident["value"])
            break
    return meta


def mimic_marked(res: dict[str, Any]) -> bool:
    """True if ``res`` has a MIMIC identifier system or ``meta.profile``."""
    for ident in res.get("identifier") or []:
        if isinstance(ident, dict) and str(ident.get("system", "")).startswith(
            MIMIC_MARK
        ):
            return True
    meta = res.get("meta")
    profiles = meta.get("profile") if isinstance(meta, dict) else None
    return any(isinstance(p, str) and p.startswith(MIMIC_MARK) for p in profiles or [])


def _rewrite_urns(node: Any, urns: dict[str, str], fallback: dict[str, str]) -> None:
    """Replace ``urn:`` references (``fullUrl`` values) by ``Type/id`` everywhere."""
    if isinstance(node, dict):
        ref = node.get("reference")
        if isinstance(ref, str) and ref.startswith("urn:"):
            node["reference"] = urns.get(ref) or fallback.get(ref) or ref
        for value in node.values():
            if isinstance(value, dict | list):
                _rewrite_urns(value, urns, fallback)
    elif isinstance(node, list):
        for value in node:
            if isinstance(value, dict | list):
                _rewrite_urns(value, urns, fallback)


def _is_microbiology(obs: dict[str, Any]) -> bool:
    profiles = (obs.get("meta") or {}).get("profile") or []
    if any(isinstance(p, str) and _MICRO_PROFILE in p for p in profiles):
        return True
    codings = (obs.get("code") or {}).get("coding") or []
    return any(
        str(c.get("system", "")).startswith(_MICRO_SYSTEM)
        for c in codings
        if isinstance(c, dict)
    )


def _medication_name(med: dict[str, Any]) -> str | None:
    for ident in med.get("identifier") or []:
        if (
            isinstance(ident, dict)
            and ident.get("system") == MIMIC_MEDICATION_NAME
            and ident.get("value")
        ):
            return str(ident["value"])
    code = med.get("code") or {}
    if code.get("text"):
        return str(code["text"])
    codings = [c for c in code.get("coding") or [] if isinstance(c, dict)]
    for c in codings:
        if c.get("display"):
            return str(c["display"])
    for c in codings:
        if c.get("system") == MIMIC_MEDICATION_NAME and c.get("code"):
            return str(c["code"])
    return None


def _medication_concept(
    med: dict[str, Any],
    display: str | None,
    medications: dict[str, dict[str, Any]],
    depth: int = 0,
) -> dict[str, Any] | None:
    """A CodeableConcept describing a Medication (a mix by its ingredients), or None."""
    codings = [
        dict(c)
        for c in (med.get("code") or {}).get("coding") or []
        if isinstance(c, dict)
    ]
    name = _medication_name(med)
    if name and not any(c.get("system") == MIMIC_MEDICATION_NAME for c in codings):
        # FHIR ``code`` has no leading/trailing or repeated whitespace (MIMIC-IV-on-FHIR
        # collapses it the same way in its own medication-name codings).
        codings.append(
            {"system": MIMIC_MEDICATION_NAME, "code": " ".join(name.split())}
        )
    text = display or name
    if not codings and depth < 3:
        parts: list[str] = []
        for ing in med.get("ingredient") or []:
            if not isinstance(ing, dict):
                continue
            sub: dict[str, Any] | None = None
            if isinstance(ing.get("itemCodeableConcept"), dict):
                sub = ing["itemCodeableConcept"]
            elif isinstance(ing.get("itemReference"), dict):
                target = medications.get(str(ing["itemReference"].get("reference")))
                if target is not None:
                    sub = _medication_concept(
                        target,
                        ing["itemReference"].get("display"),
                        medications,
                        depth + 1,
                    )
            if not sub:
                continue
            for c in sub.get("coding") or []:
                if c not in codings:
                    codings.append(dict(c))
            label = sub.get("text") or next(
                (c.get("display") or c.get("code") for c in sub.get("coding") or []),
                None,
            )
            if label:
                parts.append(str(label))
        if parts and not display:
            text = " + ".join(parts)
    if not codings and not text:
        return None
    concept: dict[str, Any] = {}
    if codings:
        concept["coding"] = codings
    if text:
        concept["text"] = text
    return concept


__all__ = ["MICROBIOLOGY_CATEGORY", "FhirExportSource"]
