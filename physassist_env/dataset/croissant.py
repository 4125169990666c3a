"""``croissant.json``: Croissant 1.0 JSON-LD metadata for the build (validated by mlcroissant)."""

from __future__ import annotations

from typing import Any

from physassist_env.dataset.licensing import Licence, SourceInfo, citations_for

PAPER_URL = "https://arxiv.org/abs/2606.18613"

#: The Croissant 1.0 JSON-LD context (as produced by ``mlcroissant``).
CONTEXT: dict[str, Any] = {
    "@language": "en",
    "@vocab": "https://schema.org/",
    "citeAs": "cr:citeAs",
    "column": "cr:column",
    "conformsTo": "dct:conformsTo",
    "cr": "http://mlcommons.org/croissant/",
    "rai": "http://mlcommons.org/croissant/RAI/",
    "data": {"@id": "cr:data", "@type": "@json"},
    "dataType": {"@id": "cr:dataType", "@type": "@vocab"},
    "dct": "http://purl.org/dc/terms/",
    "equivalentProperty": "cr:equivalentProperty",
    "examples": {"@id": "cr:examples", "@type": "@json"},
    "extract": "cr:extract",
    "field": "cr:field",
    "fileProperty": "cr:fileProperty",
    "fileObject": "cr:fileObject",
    "fileSet": "cr:fileSet",
    "format": "cr:format",
    "includes": "cr:includes",
    "isLiveDataset": "cr:isLiveDataset",
    "jsonPath": "cr:jsonPath",
    "key": "cr:key",
    "md5": "cr:md5",
    "parentField": "cr:parentField",
    "path": "cr:path",
    "recordSet": "cr:recordSet",
    "references": "cr:references",
    "regex": "cr:regex",
    "repeated": "cr:repeated",
    "replace": "cr:replace",
    "samplingRate": "cr:samplingRate",
    "sc": "https://schema.org/",
    "separator": "cr:separator",
    "source": "cr:source",
    "subField": "cr:subField",
    "transform": "cr:transform",
}

#: Record-set fields: config -> [(column, Croissant data type, is a list, description)].
RECORD_FIELDS: dict[str, list[tuple[str, str, bool, str]]] = {
    "sessions": [
        ("session_id", "sc:Text", False, "Unique session id."),
        ("patient_id", "sc:Text", False, "FHIR Patient.id of the session's patient."),
        ("hadm_id", "sc:Text", False, "The admission (Encounter.id); may be null."),
        (
            "current_date",
            "sc:Text",
            False,
            "The date gate of the session (YYYY-MM-DD).",
        ),
        ("scenario", "sc:Text", False, "Clinical scenario."),
        ("tier", "sc:Text", False, "Data-richness tier (L1, L2, L3)."),
        ("arc_index", "sc:Integer", False, "Index of the task-type arc (0-26)."),
        ("split", "sc:Text", False, "train, validation or test."),
        ("source", "sc:Text", False, "Record source the session was built from."),
        ("n_turns", "sc:Integer", False, "Number of turns."),
        ("requests_en", "sc:Text", True, "The physician's requests in English."),
        ("requests_zh", "sc:Text", True, "The physician's requests in Chinese."),
        ("session_json", "sc:Text", False, "The full session as JSON."),
    ],
    "patients": [
        ("patient_id", "sc:Text", False, "FHIR Patient.id."),
        ("split", "sc:Text", False, "The split of the patient's sessions."),
        ("source", "sc:Text", False, "Record source."),
        ("n_resources", "sc:Integer", False, "Number of FHIR resources."),
        ("resources_json", "sc:Text", False, "JSON array of FHIR R4 resources."),
        ("meta_json", "sc:Text", False, "Source facts that are not FHIR, as JSON."),
    ],
}


def build_croissant(
    *,
    name: str,
    description: str,
    source: SourceInfo,
    licence: Licence,
    files: dict[str, dict[str, str]],
    sha256: dict[str, str],
    version: str,
    url: str | None = None,
    date_published: str | None = None,
) -> dict[str, Any]:
    """The Croissant 1.0 document for a build.

    Args:
        name: Dataset name.
        description: One-paragraph description.
        source: The build's source (for citations).
        licence: The build's licence.
        files: ``config -> split -> relative path`` of the Parquet files.
        sha256: ``relative path -> sha256 hex`` of every Parquet file.
        version: Package version (Croissant ``version``).
        url: Where the dataset lives (default: the paper).
        date_published: ISO date for ``datePublished`` (left out when ``None``, so that
            rebuilds stay byte-identical).
    """
    citations = citations_for(source)
    distribution: list[dict[str, Any]] = []
    for config, by_split in files.items():
        for split, path in by_split.items():
            distribution.append(
                {
                    "@type": "cr:FileObject",
                    "@id": f"{config}-{split}",
                    "name": f"{config}-{split}",
                    "description": f"{config} config, {split} split.",
                    "contentUrl": path,
                    "encodingFormat": "application/x-parquet",
                    "sha256": sha256[path],
                }
            )
        distribution.append(
            {
                "@type": "cr:FileSet",
                "@id": f"{config}-parquet",
                "name": f"{config}-parquet",
                "description": f"All Parquet files of the {config} config.",
                "encodingFormat": "application/x-parquet",
                "includes": f"{config}/*.parquet",
            }
        )
    record_sets = []
    for config, fields in RECORD_FIELDS.items():
        record_sets.append(
            {
                "@type": "cr:RecordSet",
                "@id": config,
                "name": config,
                "description": f"One record per {config[:-1]} (all splits).",
                "key": {"@id": f"{config}/{fields[0][0]}"},
                "field": [
                    {
                        "@type": "cr:Field",
                        "@id": f"{config}/{column}",
                        "name": column,
                        "description": desc,
                        "dataType": dtype,
                        **({"repeated": True} if is_list else {}),
                        "source": {
                            "fileSet": {"@id": f"{config}-parquet"},
                            "extract": {"column": column},
                        },
                    }
                    for column, dtype, is_list, desc in fields
                ],
            }
        )
    doc: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": "sc:Dataset",
        "conformsTo": "http://mlcommons.org/croissant/1.0",
        "name": name,
        "description": description,
        "license": licence.url or licence.hf_id,
        "url": url or PAPER_URL,
        "sameAs": PAPER_URL,
        "version": version,
        "inLanguage": ["en", "zh"],
        "keywords": ["clinical", "EHR", "FHIR", "agents", "benchmark", "multi-turn"],
        "citeAs": citations[0].bibtex,
        "citation": [c.bibtex for c in citations],
        "creator": {"@type": "sc:Organization", "name": "PhysAssistBench contributors"},
        "distribution": distribution,
        "recordSet": record_sets,
    }
    if date_published:
        doc["datePublished"] = date_published
    return doc
