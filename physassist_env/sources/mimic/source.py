"""`MimicSource`: MIMIC-IV tables (hosp/, icu/, optional note/) -> canonical PatientRecords."""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from physassist_env.fhir import codes as C
from physassist_env.fhir.record import PatientRecord
from physassist_env.sources.base import SourceError
from physassist_env.sources.mimic import convert as cv
from physassist_env.sources.mimic import notes as nt
from physassist_env.sources.mimic.tables import (
    REQUIRED_TABLES,
    SPECS,
    BucketedTable,
    TableSpec,
    default_cache_root,
    iter_batches,
    locate,
    read_table,
)

log = logging.getLogger(__name__)

PATIENT_TABLES = (
    "admissions",
    "services",
    "icustays",
    "diagnoses_icd",
    "procedures_icd",
    "labevents",
    "microbiologyevents",
    "omr",
    "chartevents",
    "prescriptions",
    "pharmacy",
    "emar",
    "emar_detail",
    "inputevents",
    "procedureevents",
    "outputevents",
    "datetimeevents",
    "discharge",
    "radiology",
)
DICTIONARY_TABLES = ("d_icd_diagnoses", "d_icd_procedures", "d_labitems", "d_items")
Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class PatientCriteria:
    """Which patients a :class:`MimicSource` produces (all conditions must hold).

    Attributes:
        min_age: Minimum ``anchor_age`` (inclusive).
        max_age: Maximum ``anchor_age`` (inclusive).
        gender: ``"M"``/``"F"`` (or ``"male"``/``"female"``).
        icd_prefixes: At least one diagnosis whose ICD code starts with one of these.
        min_lab_rows: At least this many ``labevents`` rows.
        min_admissions: At least this many admissions.
    """

    min_age: int | None = None
    max_age: int | None = None
    gender: str | None = None
    icd_prefixes: tuple[str, ...] = ()
    min_lab_rows: int | None = None
    min_admissions: int | None = None


class _Table:
    """One per-patient table, read directly (small) or through the bucket cache (large)."""

    def __init__(
        self, path: Path, spec: TableSpec, cached: BucketedTable | None
    ) -> None:
        self.path = path
        self.spec = spec
        self.cached = cached
        self._full: pa.Table | None = None

    def rows_for(self, subject_ids: list[int]) -> pa.Table:
        if self.cached is not None:
            return self.cached.rows_for(subject_ids)
        if self._full is None:
            self._full = read_table(self.path, self.spec)
        col = self._full.column("subject_id")
        return self._full.filter(pc.is_in(col, pa.array(subject_ids, pa.int64())))


class _Grouped:
    """One batch's rows of a table by patient: held as Arrow columns (sorted by
    ``subject_id``, stably, so each patient's rows keep the table's order), turned into
    Python rows one patient at a time (:meth:`rows`).

    A batch's rows as Python dicts cost many times their Arrow columns: grouping a
    256-patient batch into dicts up front, and holding them while its records were
    built, was the 1-worker build's peak (1,277 MB for the default, ``docs/environment.md``,
    "Memory of the first-use build").
    """

    def __init__(self, table: pa.Table) -> None:
        order = pc.sort_indices(table, [("subject_id", "ascending")])
        self._table = table.take(order)
        ids = self._table.column("subject_id").to_numpy()
        self._spans: dict[int, tuple[int, int]] = {}
        if len(ids):  # each patient's rows: from where its id starts to the next's
            starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
            ends = np.r_[starts[1:], len(ids)]
            self._spans = {
                int(ids[a]): (int(a), int(b - a))
                for a, b in zip(starts, ends, strict=True)
            }

    def rows(self, sid: int) -> Rows:
        """The rows of patient ``sid``, in the table's order (empty when none)."""
        span = self._spans.get(sid)
        if span is None:
            return []
        rows: Rows = self._table.slice(*span).to_pylist()
        return rows


#: The file the synthetic hospital (:func:`physassist_env.synth.generate_hospital`)
#: writes beside its tables: the generator's truth about each patient.
SYNTH_TRUTH = "truth/patients.jsonl.gz"
#: The synthetic hospital's first subject id (``synth.hospital.FIRST_SUBJECT_ID``, not imported:
#: the generator is heavy; a test keeps the two equal); MIMIC-IV's are below.
SYNTHETIC_SUBJECT_IDS = 90_000_001


class MimicSource:
    """MIMIC-IV tables as a :class:`~physassist_env.sources.base.RecordSource`.

    Args:
        path: The MIMIC-IV root holding ``hosp/``, ``icu/`` and optional ``note/``.
        patient_ids: Only these patients (subject ids, as text or int).
        criteria: Only patients meeting these :class:`PatientCriteria`.
        limit: At most this many patients (the first by subject id).
        cache_dir: Root of the Parquet bucket cache (default ``$PHYSASSIST_CACHE/mimic``
            or ``~/.cache/physassist/mimic``); each table gets a sub-folder named by a
            hash of its path, size and mtime.
        batch_patients: Patients converted together (one table read per batch).
        buckets: Number of cache buckets (``subject_id % buckets``).
        cache_threshold: Per-patient tables whose file is at least this many bytes go
            through the bucket cache; smaller ones are read directly (0: cache all).

    Raises:
        SourceError: If ``patients`` or ``admissions`` is missing, a file is corrupt, or
            ``patient_ids`` names unknown patients.
    """

    name = "mimic-iv"

    def __init__(
        self,
        path: str | Path,
        *,
        patient_ids: Iterable[str | int] | None = None,
        criteria: PatientCriteria | None = None,
        limit: int | None = None,
        cache_dir: str | Path | None = None,
        batch_patients: int = 2000,
        buckets: int = 64,
        cache_threshold: int = 128 << 20,
        diagnoses_known: str | None = None,
    ) -> None:
        self.root = Path(path).expanduser()
        # the synthetic hospital (physassist synth) writes its generator's truth next
        # to the tables: it generates each admission from its diagnosis
        truth = (self.root / SYNTH_TRUTH).is_file()
        if diagnoses_known is None:
            diagnoses_known = "admission" if truth else "discharge"
        if diagnoses_known not in ("discharge", "admission"):
            raise SourceError(
                f"diagnoses_known must be 'discharge' or 'admission', not {diagnoses_known!r}"
            )
        #: When an admission's coded diagnoses become known: ``"discharge"`` (MIMIC-IV:
        #: billing codes assigned from the discharge record after the stay, so known
        #: from the discharge on) or ``"admission"`` (the admission's working diagnoses:
        #: the synthetic hospital generates each admission from its diagnosis). Default:
        #: ``"admission"`` for a synthetic hospital, else ``"discharge"``.
        self.diagnoses_known = diagnoses_known
        self._layout = (int(buckets), int(cache_threshold))  # for reader()
        if not self.root.is_dir():
            raise SourceError(f"{self.root}: MIMIC-IV folder not found")
        self.batch_patients = max(1, int(batch_patients))
        self.cache_root = (
            Path(cache_dir).expanduser() if cache_dir else default_cache_root()
        )
        self.paths: dict[str, Path] = {}
        for name, spec in SPECS.items():
            found = locate(self.root, spec.module, name)
            if found is not None:
                self.paths[name] = found
            elif name in REQUIRED_TABLES:
                raise SourceError(
                    f"{self.root / spec.module / (name + '.csv.gz')}: required MIMIC-IV table "
                    f"{spec.module}/{name} not found (.csv or .csv.gz)"
                )
        self._tables: dict[str, _Table] = {}
        for name in PATIENT_TABLES:
            if name not in self.paths:
                continue
            spec = self._spec(name)
            p = self.paths[name]
            cached = None
            if name not in ("admissions",) and p.stat().st_size >= cache_threshold:
                cached = BucketedTable(p, spec, self.cache_root, buckets)
            self._tables[name] = _Table(p, spec, cached)
        self._patients = {
            int(r["subject_id"]): r
            for r in read_table(self.paths["patients"], SPECS["patients"]).to_pylist()
        }
        #: The synthetic hospital's tables: its generator's truth file beside them and
        #: every subject id in its range (90000001+; MIMIC-IV's are 1xxxxxxx). Its records
        #: carry the synthetic identifier systems, and a build of it is licensed as
        #: synthetic (``dataset.build.source_info``), not as MIMIC-IV.
        self.synthetic = (
            truth
            and bool(self._patients)
            and min(self._patients) >= SYNTHETIC_SUBJECT_IDS
        )
        self.identifiers = (
            cv.SYNTHETIC_IDENTIFIERS if self.synthetic else cv.MIMIC_IDENTIFIERS
        )
        self._dicts: dict[str, Any] = {}
        self._selected = self._select(patient_ids, criteria, limit)

    # ------------------------------------------------------------------ selection
    @staticmethod
    def _spec(name: str) -> TableSpec:
        spec = SPECS[name]
        if name == "chartevents":
            spec = dataclasses.replace(spec, keep={"itemid": frozenset(C.VITAL_LOINC)})
        return spec

    def _resolve(self, ids: Iterable[str | int]) -> list[int]:
        out, unknown = [], []
        for pid in ids:
            try:
                sid = int(str(pid).strip())
            except ValueError:
                unknown.append(str(pid))
                continue
            if sid in self._patients:
                out.append(sid)
            else:
                unknown.append(str(pid))
        if unknown:
            few = ", ".join(unknown[:5]) + (
                f" (+{len(unknown) - 5} more)" if len(unknown) > 5 else ""
            )
            raise SourceError(
                f"unknown patient id(s) {few}: not in {self.paths['patients']}"
            )
        return list(dict.fromkeys(out))

    def subject_counts(self, name: str) -> Counter[int]:
        """Rows per ``subject_id`` of one table (empty when the table is absent).

        Reads only the ``subject_id`` column, in batches; used to rank patients by the
        data a scenario needs before converting them.
        """
        return self._subject_counts(name)

    def _subject_counts(self, name: str) -> Counter[int]:
        counts: Counter[int] = Counter()
        if name not in self.paths:
            return counts
        for batch in iter_batches(self.paths[name], self._spec(name), ["subject_id"]):
            vc = pc.value_counts(batch.column("subject_id"))
            for item in vc.to_pylist():
                counts[int(item["values"])] += int(item["counts"])
        return counts

    def _select(
        self,
        patient_ids: Iterable[str | int] | None,
        criteria: PatientCriteria | None,
        limit: int | None,
    ) -> list[int]:
        ids = (
            self._resolve(patient_ids)
            if patient_ids is not None
            else sorted(self._patients)
        )
        if criteria is not None:
            ids = [s for s in ids if self._demographics_ok(self._patients[s], criteria)]
            if criteria.min_admissions is not None:
                adm = self._subject_counts("admissions")
                ids = [s for s in ids if adm[s] >= criteria.min_admissions]
            if criteria.min_lab_rows is not None:
                labs = self._subject_counts("labevents")
                ids = [s for s in ids if labs[s] >= criteria.min_lab_rows]
            if criteria.icd_prefixes:
                ids = [s for s in ids if s in self._with_icd(criteria.icd_prefixes)]
        if limit is not None:
            ids = ids[: max(0, int(limit))]
        return ids

    @staticmethod
    def _demographics_ok(row: dict[str, Any], crit: PatientCriteria) -> bool:
        age = row.get("anchor_age")
        if crit.min_age is not None and (age is None or age < crit.min_age):
            return False
        if crit.max_age is not None and (age is None or age > crit.max_age):
            return False
        if crit.gender:
            want = {"male": "M", "female": "F"}.get(
                crit.gender.lower(), crit.gender.upper()
            )
            if str(row.get("gender") or "").upper() != want:
                return False
        return True

    def _with_icd(self, prefixes: tuple[str, ...]) -> set[int]:
        key = ("icd", prefixes)
        if key not in self._dicts:
            found: set[int] = set()
            if "diagnoses_icd" in self.paths:
                for batch in iter_batches(
                    self.paths["diagnoses_icd"],
                    SPECS["diagnoses_icd"],
                    ["subject_id", "icd_code"],
                ):
                    codes = pc.utf8_upper(
                        pc.utf8_trim_whitespace(batch.column("icd_code"))
                    )
                    mask = None
                    for p in prefixes:
                        m = pc.starts_with(codes, p.upper().replace(".", ""))
                        mask = m if mask is None else pc.or_(mask, m)
                    hits = batch.column("subject_id").filter(pc.fill_null(mask, False))
                    found.update(hits.to_pylist())
            self._dicts[key] = found
        return self._dicts[key]

    # ------------------------------------------------------------------ dictionaries
    def _titles(self, name: str) -> dict[tuple[str, int], str]:
        if name not in self._dicts:
            out: dict[tuple[str, int], str] = {}
            if name in self.paths:
                for batch in iter_batches(self.paths[name], SPECS[name]):
                    for code, ver, title in zip(
                        batch.column("icd_code").to_pylist(),
                        batch.column("icd_version").to_pylist(),
                        batch.column("long_title").to_pylist(),
                        strict=True,
                    ):
                        if code is not None and ver is not None and title:
                            out[(code.strip(), int(ver))] = title
            self._dicts[name] = out
        return self._dicts[name]

    def _items(self, name: str) -> dict[int, dict[str, Any]]:
        if name not in self._dicts:
            out: dict[int, dict[str, Any]] = {}
            if name in self.paths:
                table = read_table(self.paths[name], SPECS[name])
                out = {int(r["itemid"]): r for r in table.to_pylist()}
            self._dicts[name] = out
        return self._dicts[name]

    def reader(self) -> MimicReader:
        """A picklable handle that converts patients of this source in another process.

        Every cached per-patient table is ingested here, once (the error of a corrupt
        file is raised here, naming it), so that worker processes each read only their
        patients' rows from the Parquet cache and convert them with the same code as
        :meth:`records`.

        Raises:
            SourceError: For a corrupt or unreadable table.
        """
        for table in self._tables.values():
            if table.cached is not None:
                table.cached.ensure()
        return MimicReader(
            self.root, self.cache_root, *self._layout, self.diagnoses_known
        )

    # ------------------------------------------------------------------ protocol
    def patient_ids(self) -> list[str]:
        """The selected patients' ids (subject ids as text), ascending."""
        return [str(s) for s in self._selected]

    def records(
        self, patient_ids: Iterable[str] | None = None
    ) -> Iterator[PatientRecord]:
        """Yield one record per patient (the selection, or the given ids in order).

        Raises:
            SourceError: For unknown ids or unreadable tables.
        """
        ids = (
            self._resolve(patient_ids)
            if patient_ids is not None
            else list(self._selected)
        )
        for start in range(0, len(ids), self.batch_patients):
            chunk = ids[start : start + self.batch_patients]
            data = {
                name: _Grouped(t.rows_for(chunk)) for name, t in self._tables.items()
            }
            for sid in chunk:
                yield self._record(
                    sid, {name: rows.rows(sid) for name, rows in data.items()}
                )

    # ------------------------------------------------------------------ conversion
    def _icu(self, sid: int, pid: str, rows: dict[str, Rows]) -> list[dict[str, Any]]:
        """ICU (MetaVision) events: inputevents -> MedicationAdministration,
        procedureevents -> Procedure, outputevents / datetimeevents -> Observation."""
        if not any(
            rows.get(t)
            for t in (
                "inputevents",
                "procedureevents",
                "outputevents",
                "datetimeevents",
            )
        ):
            return []
        items = self._items("d_items")
        ids = cv.IdCounter()
        out: list[dict[str, Any]] = []
        for r in rows.get("inputevents", []):
            rid = ids(f"icu-ma-{r.get('stay_id') or 0}-{r.get('orderid') or 0}")
            out.append(
                cv.icu_medication_administration(r, pid, items, rid, self.identifiers)
            )
        for r in rows.get("procedureevents", []):
            rid = ids(f"icu-proc-{r.get('stay_id') or 0}-{r.get('orderid') or 0}")
            out.append(cv.icu_procedure(r, pid, items, rid))
        for name, kind, tag in (
            ("outputevents", "output", "out"),
            ("datetimeevents", "datetime", "dte"),
        ):
            for r in rows.get(name, []):
                rid = ids(
                    f"icu-{tag}-{r.get('stay_id') or 0}-{r['itemid']}-"
                    f"{cv.compact_time(r.get('charttime'))}"
                )
                out.append(cv.icu_observation(r, pid, items, rid, kind))
        return out

    def _record(self, sid: int, rows: dict[str, Rows]) -> PatientRecord:
        pid = str(sid)
        prow = self._patients[sid]
        res: list[dict[str, Any]] = [cv.patient(prow, self.identifiers)]
        admissions = rows.get("admissions", [])
        # Diagnoses are dated at discharge: MIMIC-IV diagnoses_icd are billing codes
        # assigned from the discharge record (no time of their own), so an admission's
        # codes are known from its discharge on; mid-stay only the codes of earlier
        # admissions are (a code shown while the patient is still in is a time leak).
        # (A source whose diagnoses are working diagnoses of the admission dates them at
        # admission: diagnoses_known="admission", the synthetic hospital.)
        when = "admittime" if self.diagnoses_known == "admission" else "dischtime"
        coded_at = {
            int(a["hadm_id"]): cv.fhir_datetime(a.get(when) or a.get("admittime"))
            for a in admissions
        }
        # the admitting service: the first ``services`` row of each admission (as
        # MIMIC-IV-on-FHIR's Encounter.serviceType)
        first: dict[int, tuple[str, str]] = {}
        for r in rows.get("services", []):
            h, t = int(r["hadm_id"]), str(r.get("transfertime") or "")
            if h not in first or t < first[h][0]:
                first[h] = (t, str(r.get("curr_service") or ""))
        res += [
            cv.admission_encounter(a, pid, first.get(int(a["hadm_id"]), ("", ""))[1])
            for a in admissions
        ]
        res += [
            e
            for a in admissions
            if (e := cv.ed_encounter(a, pid, self.identifiers)) is not None
        ]
        res += [cv.icu_encounter(s, pid) for s in rows.get("icustays", [])]

        dx_titles = self._titles("d_icd_diagnoses")
        dx = sorted(
            rows.get("diagnoses_icd", []), key=lambda r: (r["hadm_id"], r["seq_num"])
        )
        res += [
            cv.condition(r, pid, dx_titles, coded_at.get(int(r["hadm_id"]))) for r in dx
        ]
        # Allergies and drug adverse effects recorded as ICD codes (dated like diagnoses).
        res += [
            a
            for r in dx
            if (
                a := cv.coded_allergy(
                    r, pid, dx_titles, coded_at.get(int(r["hadm_id"]))
                )
            )
        ]
        px_titles = self._titles("d_icd_procedures")
        px = sorted(
            rows.get("procedures_icd", []), key=lambda r: (r["hadm_id"], r["seq_num"])
        )
        res += [cv.procedure(r, pid, px_titles) for r in px]

        labitems = self._items("d_labitems")
        res += [cv.lab_observation(r, pid, labitems) for r in rows.get("labevents", [])]
        res += cv.micro_observations(rows.get("microbiologyevents", []), pid)
        omr_ids = cv.IdCounter()
        for r in rows.get("omr", []):
            rid = omr_ids(
                f"omr-{sid}-{cv.compact_time(r.get('chartdate'))[:8]}-{r.get('seq_num') or 0}"
            )
            res.append(cv.omr_observation(r, pid, rid))
        if rows.get("chartevents"):
            d_items = self._items("d_items")
            ce_ids = cv.IdCounter()
            for r in rows["chartevents"]:
                rid = ce_ids(
                    f"ce-{r.get('stay_id') or 0}-{r['itemid']}-{cv.compact_time(r.get('charttime'))}"
                )
                res.append(cv.chart_observation(r, pid, d_items, rid))

        frequencies = {
            int(r["pharmacy_id"]): cv.text(r.get("frequency"))
            for r in rows.get("pharmacy", [])
            if r.get("pharmacy_id") is not None and cv.text(r.get("frequency"))
        }
        pharmacy = {
            int(r["pharmacy_id"]): r
            for r in rows.get("pharmacy", [])
            if r.get("pharmacy_id") is not None
        }
        rx_ids = cv.IdCounter()
        first_rx: dict[int, str] = {}
        for r in rows.get("prescriptions", []):
            pharm = r.get("pharmacy_id")
            base = (
                f"rx-{pharm}"
                if pharm is not None
                else f"rx-{sid}-{r.get('hadm_id') or 0}"
            )
            rid = rx_ids(base)
            if pharm is not None:
                first_rx.setdefault(int(pharm), rid)
            res.append(cv.medication_request(r, pid, rid, frequencies, pharmacy))
        details: dict[str, Rows] = {}
        for d in rows.get("emar_detail", []):
            details.setdefault(str(d["emar_id"]), []).append(d)
        for r in rows.get("emar", []):
            pharm = r.get("pharmacy_id")
            req = first_rx.get(int(pharm)) if pharm is not None else None
            res.append(
                cv.medication_administration(
                    r, pid, details.get(str(r["emar_id"]), []), req
                )
            )

        res += self._icu(sid, pid, rows)

        sections_by_hadm: dict[str, dict[str, str]] = {}
        for r in rows.get("discharge", []):
            res.append(nt.document_reference(r, pid, "discharge"))
            sections = nt.parse_discharge_sections(r.get("text") or "")
            key = (
                str(r["hadm_id"]) if r.get("hadm_id") is not None else str(r["note_id"])
            )
            merged = sections_by_hadm.setdefault(key, {})
            for k, v in sections.items():
                merged.setdefault(k, v)
            res += nt.discharge_resources(r, pid, sections)
        for r in rows.get("radiology", []):
            res.append(nt.document_reference(r, pid, "radiology"))
            res.append(nt.diagnostic_report(r, pid))

        meta: dict[str, Any] = {
            "subject_id": sid,
            "anchor_age": prow.get("anchor_age"),
            "anchor_year": prow.get("anchor_year"),
            "anchor_year_group": prow.get("anchor_year_group"),
            "birth_date_approximated": True,
            "note_sections": sections_by_hadm,
        }
        return PatientRecord(patient_id=pid, resources=res, source=self.name, meta=meta)


@dataclass(frozen=True)
class MimicReader:
    """How to open a :class:`MimicSource` again, e.g. in a build's worker process
    (from :meth:`MimicSource.reader`, whose tables are already in the cache)."""

    root: Path
    cache_dir: Path
    buckets: int
    cache_threshold: int
    diagnoses_known: str | None = None

    def records(self, patient_ids: list[str]) -> Iterator[PatientRecord]:
        """The records of ``patient_ids``, in that order (:meth:`MimicSource.records`).

        Raises:
            SourceError: For unknown ids or unreadable tables.
        """
        src = MimicSource(
            self.root,
            patient_ids=patient_ids,
            cache_dir=self.cache_dir,
            buckets=self.buckets,
            cache_threshold=self.cache_threshold,
            batch_patients=max(1, len(patient_ids)),
            diagnoses_known=self.diagnoses_known,
        )
        return src.records()
