"""The dataset card (``README.md``): YAML front matter for ``datasets`` and the Hub, then
the Hub template's sections, filled from ``card_files/template.md`` (package data)."""

from __future__ import annotations

import json
from string import Template
from typing import Any

import yaml
from pydantic import BaseModel

from physassist_env.dataset.coverage import render_coverage
from physassist_env.dataset.licensing import (
    Licence,
    SourceInfo,
    SourceKind,
    _card_file,
    citations_for,
)
from physassist_env.dataset.review.apply import render_review
from physassist_env.dataset.stats import TOTAL, Stats, render_stats
from physassist_env.scenarios.model import Session, Turn

AUDIENCES = ("agent-visible", "patient-only", "physician-only", "grader-only")

#: Columns of the ``sessions`` config: name -> (Arrow type in words, description).
SESSION_COLUMNS: dict[str, tuple[str, str]] = {
    "session_id": ("string", "agent-visible: unique session id"),
    "patient_id": ("string", "agent-visible: FHIR Patient.id (key into `patients`)"),
    "hadm_id": ("string, nullable", "agent-visible: the admission (Encounter.id)"),
    "current_date": ("string", "agent-visible: the date gate, YYYY-MM-DD"),
    "scenario": ("string", "grader-only: clinical scenario (breakdowns)"),
    "tier": ("string", "grader-only: data-richness tier L1-L3 (breakdowns)"),
    "arc_index": ("int64", "grader-only: index of the task-type arc (0-26)"),
    "split": ("string", "train, validation or test"),
    "source": ("string", "record source the session was built from"),
    "n_turns": ("int64", "number of turns (4)"),
    "requests_en": ("list<string>", "agent-visible: the physician's requests, English"),
    "requests_zh": ("list<string>", "agent-visible: the physician's requests, Chinese"),
    "session_json": (
        "string (JSON)",
        "the full `Session` (all audiences): `Session.model_validate_json(row['session_json'])`",
    ),
}

#: Columns of the ``patients`` config.
PATIENT_COLUMNS: dict[str, tuple[str, str]] = {
    "patient_id": ("string", "FHIR Patient.id"),
    "split": ("string", "the split of the patient's sessions"),
    "source": ("string", "record source (`PatientRecord.source`)"),
    "n_resources": ("int64", "number of FHIR resources"),
    "resources_json": (
        "string (JSON)",
        "JSON array of FHIR R4 resources (the EHR tools' data; agent-reachable through tools)",
    ),
    "meta_json": (
        "string (JSON)",
        "source facts that are not FHIR; never shown to an agent",
    ),
}


def _columns_table(columns: dict[str, tuple[str, str]]) -> str:
    lines = ["| column | type | description |", "|---|---|---|"]
    lines += [f"| `{n}` | {t} | {d} |" for n, (t, d) in columns.items()]
    return "\n".join(lines)


def _fields_table(model: type[BaseModel]) -> str:
    lines = ["| field | audience | description |", "|---|---|---|"]
    for name, info in model.model_fields.items():
        desc = info.description or ""
        audience = next((a for a in AUDIENCES if desc.startswith(a)), "")
        if audience:
            desc = desc[len(audience) :].lstrip(" :")
        elif name == "turns":
            audience, desc = "per turn", "the four turns (table below)"
        else:
            audience = "metadata"
        desc = desc.replace("|", "\\|")
        lines.append(f"| `{name}` | {audience} | {desc} |")
    return "\n".join(lines)


def size_category(n: int) -> str:
    """The Hub's ``size_categories`` value for ``n`` rows."""
    bounds = [
        (1_000, "n<1K"),
        (10_000, "1K<n<10K"),
        (100_000, "10K<n<100K"),
        (1_000_000, "100K<n<1M"),
        (10_000_000, "1M<n<10M"),
    ]
    for bound, label in bounds:
        if n < bound:
            return label
    return "10M<n<100M"


def pretty_name(source: SourceInfo) -> str:
    """``PhysAssistBench (<source>)``."""
    return f"PhysAssistBench ({source.display_name})"


def front_matter(
    source: SourceInfo,
    licence: Licence,
    files: dict[str, dict[str, str]],
    n_sessions: int,
) -> dict[str, Any]:
    """The card's YAML metadata, including ``configs`` (``config -> split -> path``)."""
    meta: dict[str, Any] = {"license": licence.hf_id}
    if licence.hf_id == "other":
        meta["license_name"] = licence.license_name
        meta["license_link"] = licence.url
    tags = [
        "medical",
        "clinical",
        "ehr",
        "fhir",
        "agents",
        "tool-use",
        "multi-turn",
        "benchmark",
        "physassistbench",
    ]
    if source.kind == SourceKind.SYNTHETIC:
        tags.append("synthetic")
    if licence.mimic_derived:
        tags.append("mimic-iv")
    meta.update(
        {
            "language": ["en", "zh"],
            "pretty_name": pretty_name(source),
            "task_categories": ["question-answering", "text-generation"],
            "size_categories": [size_category(n_sessions)],
            "tags": tags,
            "configs": [
                {
                    "config_name": config,
                    **({"default": True} if config == "sessions" else {}),
                    "data_files": [
                        {"split": split, "path": path}
                        for split, path in files[config].items()
                    ],
                }
                for config in ("sessions", "patients")
            ],
        }
    )
    return meta


def render_card(
    *,
    source: SourceInfo,
    licence: Licence,
    files: dict[str, dict[str, str]],
    stats: Stats,
    package_version: str,
    build: dict[str, Any],
) -> str:
    """The full ``README.md`` text (deterministic for the same inputs)."""
    template = Template(_card_file("template.md").read_text(encoding="utf-8"))
    splits = stats["splits"]
    meta = front_matter(source, licence, files, splits["sessions"][TOTAL])
    citations = citations_for(source)
    description = licence.source_description
    if source.description:
        description += "\n\n" + source.description
    if source.version:
        description += f"\n\nSource version: {source.version}."
    producers = {
        SourceKind.SYNTHETIC: "No real people: the package's synthetic hospital generator, "
        "calibrated to aggregates (counts, value quantiles, category shares) of the MIMIC-IV "
        "Clinical Database Demo v2.2 (Johnson et al., PhysioNet, https://doi.org/10.13026/dp1f-ex47; "
        "Open Data Commons Open Database License v1.0); no demo record is included.",
        SourceKind.FHIR: "The organisation that produced the FHIR export (declared by the user).",
    }.get(
        source.kind,
        "Clinicians and staff of the Beth Israel Deaconess Medical Center (Boston, USA) "
        "recorded the data in routine care; the MIT Laboratory for Computational Physiology "
        "de-identified and published it on PhysioNet as MIMIC-IV.",
    )
    text = template.substitute(
        front_matter=yaml.safe_dump(
            meta,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=False,
            width=1000,
        ).strip(),
        pretty_name=pretty_name(source),
        package_version=package_version,
        source_name=source.display_name,
        source_kind=source.kind.value,
        n_sessions=splits["sessions"][TOTAL],
        n_turns=splits["turns"][TOTAL],
        n_patients=splits["patients"][TOTAL],
        licence_name=licence.name,
        licence_id=licence.hf_id,
        licence_link=f", {licence.url}" if licence.url else "",
        redistribution=licence.redistribution,
        sessions_columns=_columns_table(SESSION_COLUMNS),
        patients_columns=_columns_table(PATIENT_COLUMNS),
        session_fields=_fields_table(Session),
        turn_fields=_fields_table(Turn),
        stats_tables="\n\n".join(
            t
            for t in (render_stats(stats), render_coverage(build), render_review(build))
            if t
        ),
        source_description=description,
        source_producers=producers,
        build_parameters=json.dumps(
            {k: v for k, v in build.items() if k != "review"},  # its own section
            indent=2,
            sort_keys=True,
            ensure_ascii=False,
        ),
        personal_information=licence.personal_information,
        bibtex="\n\n".join(f"```bibtex\n{c.bibtex}\n```" for c in citations),
        citation_lines="\n".join(f"- {c.text}" for c in citations),
    )
    return text
