"""The resource index of a build's ``patients`` file: which patient holds a resource, and
which patients a search can match, read without decoding any patient.

:func:`~physassist_env.dataset.writer.write_dataset` writes next to each
``patients/{split}.parquet`` a ``patients/{split}.index.parquet`` of ``(key, patient_id)``
rows sorted by key, in row groups of :data:`INDEX_ROW_GROUP_SIZE` with min/max
statistics, so a lookup reads the row groups whose key range can hold it:

- ``@Type/id``: the patient holding the resource (a read by id, ``GET /Observation/<id>``);
- ``#Type``: a patient having resources of the type;
- ``=Type|token``: a patient with a resource of the type whose ``code`` has the token
  (lowercased ``code`` or ``system|code``, as :class:`~physassist_env.ehr.index.TypeIndex`
  matches it);
- ``~Type|word``: a word of the names of such a code (names match by word prefix).

A search's candidates (:meth:`PatientIndex.candidates`) are a superset of the patients
it matches (names are matched word by word per patient, not per name), never fewer. The
file's Parquet metadata names the SHA-256 of the ``patients`` file it indexes; an index
that does not match the manifest's hash is not used (a build written before the index
existed has none: :class:`~physassist_env.dataset.patients.PatientTable` then falls back
to scanning the row groups).
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from physassist_env.ehr.index import code_terms, words
from physassist_env.ehr.synonyms import expand

#: Suffix of an index file, replacing ``.parquet`` of the patients file it indexes.
INDEX_SUFFIX = ".index.parquet"
#: Rows per row group of an index (fixed, for byte-identical output).
INDEX_ROW_GROUP_SIZE = 16_384
#: Parquet metadata key naming the SHA-256 of the indexed ``patients`` file.
SHA_KEY = b"physassist.patients_sha256"
SCHEMA = pa.schema([("key", pa.string()), ("patient_id", pa.string())])
_TOP = "\U0010ffff"  # sorts after every character a key holds


def index_path(patients_file: str | Path) -> Path:
    """The index file of a ``patients/{split}.parquet`` file."""
    p = Path(patients_file)
    return p.with_name(p.name.removesuffix(".parquet") + INDEX_SUFFIX)


def index_keys(resources: Iterable[dict[str, Any]]) -> set[str]:
    """The index keys of one patient's resources (see the module docstring)."""
    keys: set[str] = set()
    for res in resources:
        rtype = str(res.get("resourceType", ""))
        if not rtype:
            continue
        keys.add(f"#{rtype}")
        if res.get("id") is not None:
            keys.add(f"@{rtype}/{res['id']}")
        tokens, names = code_terms(res)
        keys.update(f"={rtype}|{t}" for t in tokens)
        keys.update(f"~{rtype}|{w}" for name in names for w in words(name))
    return keys


class IndexWriter:
    """Collects the keys of a ``patients`` file's rows as they are written, then writes
    its index (holds the keys, never the resources)."""

    def __init__(self) -> None:
        self._chunks: list[pa.Table] = []

    def rows(self, rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """Pass ``patients`` rows through, indexing each."""
        for row in rows:
            keys = sorted(index_keys(json.loads(row["resources_json"])))
            pid = row["patient_id"]
            self._chunks.append(
                pa.table({"key": keys, "patient_id": [pid] * len(keys)}, schema=SCHEMA)
            )
            yield row

    def write(self, path: Path, patients_sha256: str) -> None:
        """Write the index of the rows passed, for the patients file of that hash."""
        table = pa.concat_tables(self._chunks) if self._chunks else SCHEMA.empty_table()
        self._chunks = []
        table = table.sort_by([("key", "ascending"), ("patient_id", "ascending")])
        table = table.replace_schema_metadata({SHA_KEY: patients_sha256.encode()})
        pq.write_table(
            table,
            path,
            row_group_size=INDEX_ROW_GROUP_SIZE,
            compression="zstd",
            compression_level=3,
            version="2.6",
            data_page_version="1.0",
            write_statistics=True,
            use_dictionary=True,
        )


class PatientIndex:
    """The index of one ``patients`` file (see the module docstring).

    Use :meth:`open`, which checks the file against the patients file's hash.
    """

    def __init__(self, path: Path):
        self.path = path
        self._dataset = ds.dataset(path, format="parquet")

    @classmethod
    def open(
        cls, patients_file: Path, patients_sha256: str | None
    ) -> PatientIndex | None:
        """The index of ``patients_file``, or ``None`` when there is none or it indexes
        another file (its hash is not ``patients_sha256``)."""
        path = index_path(patients_file)
        if not path.is_file() or not patients_sha256:
            return None
        try:
            meta = pq.read_schema(path).metadata or {}
        except (OSError, pa.ArrowException):
            return None
        if meta.get(SHA_KEY, b"").decode() != patients_sha256:
            return None
        return cls(path)

    def _patients(self, condition: ds.Expression) -> set[str]:
        table = self._dataset.to_table(
            columns=["patient_id"], filter=condition, use_threads=False
        )
        return set(table.column(0).to_pylist())

    def holder(self, resource_type: str, resource_id: str) -> str | None:
        """The patient holding ``resource_type/resource_id`` (``None`` if none)."""
        found = sorted(
            self._patients(ds.field("key") == f"@{resource_type}/{resource_id}")
        )
        return found[0] if found else None

    def candidates(
        self,
        resource_type: str,
        code_values: list[str],
        ids: list[str] | None = None,
    ) -> set[str]:
        """Patients that may hold resources of ``resource_type`` matching any of
        ``code_values`` (comma alternatives allowed; none: any resource of the type)
        and, when ``ids`` is given, one of those ids."""
        if ids is not None:
            found = self._patients(
                pc.field("key").isin([f"@{resource_type}/{i}" for i in ids])
            )
            if not code_values:
                return found
        alts = [a.strip() for v in code_values for a in v.split(",") if a.strip()]
        if not alts:
            return self._patients(ds.field("key") == f"#{resource_type}")
        out = self._patients(
            pc.field("key").isin([f"={resource_type}|{a.lower()}" for a in alts])
        )
        names = [words(expand(a.lower())) for a in alts if "|" not in a]
        if any(names):  # the type's name words read once, for every alternative
            out |= self._by_words(resource_type, [q for q in names if q])
        return out if ids is None else out & found

    def _by_words(self, resource_type: str, queries: list[list[str]]) -> set[str]:
        """Patients having, for every word of one of ``queries``, a name word it
        prefixes (the ``~Type|`` keys read in one piece: about 61,000 rows for
        ``Observation`` in the default's train split)."""
        low = f"~{resource_type}|"
        table = self._dataset.to_table(
            filter=(ds.field("key") >= low) & (ds.field("key") < low + _TOP),
            use_threads=False,
        ).sort_by([("key", "ascending")])
        keys = table.column("key").to_pylist()
        pids = table.column("patient_id").to_pylist()
        out: set[str] = set()
        for qwords in queries:
            matched: set[str] | None = None
            for qw in qwords:
                prefix = low + qw
                hits: set[str] = set()
                i = bisect.bisect_left(keys, prefix)
                while i < len(keys) and keys[i].startswith(prefix):
                    hits.add(pids[i])
                    i += 1
                matched = hits if matched is None else matched & hits
                if not matched:
                    break
            out |= matched or set()
        return out
