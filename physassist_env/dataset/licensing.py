"""Source kinds, their licences and citations (read from the package data ``card_files/``).

The facts live in ``card_files/licenses.yaml`` and ``card_files/citations.yaml`` so the
card text, ``croissant.json``, the manifest and :func:`push_to_hub` all agree.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

#: Where the card template, licences and citations live: package data (real files, no link,
#: so wheels and ``openenv validate`` see the same tree).
CARD_DIR = Path(__file__).parent / "card_files"


class SourceKind(StrEnum):
    """What the records of a build come from; decides licence and redistribution."""

    SYNTHETIC = "synthetic"
    MIMIC_IV_DEMO = "mimic-iv-demo"
    MIMIC_IV = "mimic-iv"
    FHIR = "fhir"
    OFFICIAL = "official"


class SourceInfo(BaseModel):
    """Describes the source of a build (written to the manifest and the card).

    Attributes:
        kind: The source kind; decides licence, citations and whether the build may be
            pushed to the Hub.
        name: Human-readable source name, e.g. ``"MIMIC-IV 3.1"`` (default: the kind).
        version: Source version, e.g. ``"2.2"``.
        description: Extra text for the card's "Source data" section.
        license: ``fhir`` only: the licence the user declares for the export (a Hub
            licence id such as ``cc-by-4.0``); ignored for other kinds.
        license_url: ``fhir`` only: URL of the declared licence.
        citation: ``fhir`` only: BibTeX to cite for the export.
    """

    model_config = ConfigDict(frozen=True)

    kind: SourceKind
    name: str = ""
    version: str | None = None
    description: str = ""
    license: str | None = None
    license_url: str | None = None
    citation: str | None = Field(default=None, description="BibTeX for a user source")

    @property
    def display_name(self) -> str:
        """``name`` or the kind's value."""
        return self.name or self.kind.value


class Licence(BaseModel):
    """The licence facts of one build, resolved from its :class:`SourceInfo`."""

    model_config = ConfigDict(frozen=True)

    hf_id: str
    license_name: str | None = None
    name: str
    url: str | None
    mimic_derived: bool
    redistribution: str
    source_description: str
    personal_information: str
    citations: list[str]


class Citation(BaseModel):
    """One citation: a text line, a URL and its BibTeX."""

    model_config = ConfigDict(frozen=True)

    key: str
    text: str
    url: str | None = None
    bibtex: str


def _card_file(name: str) -> Path:
    path = CARD_DIR / name
    if not path.is_file():
        raise FileNotFoundError(
            f"dataset card resource {path} not found; the package was installed without "
            "its card_files/ package data (reinstall with `pip install physassistbench` or "
            "`pip install -e .` from a checkout)"
        )
    return path


@functools.cache
def _yaml(name: str) -> dict[str, Any]:
    with _card_file(name).open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def licence_for(source: SourceInfo) -> Licence:
    """The licence of a build from ``source`` (user-declared for ``fhir`` when given)."""
    facts = dict(_yaml("licenses.yaml")[source.kind.value])
    if source.kind == SourceKind.FHIR and source.license:
        facts["hf_id"] = source.license
        facts["name"] = f"{source.license} (declared by the user for this FHIR source)"
        facts["url"] = source.license_url
    return Licence(**facts)


def citations_for(source: SourceInfo) -> list[Citation]:
    """The citations of a build: the paper and the data source (user BibTeX last)."""
    table = _yaml("citations.yaml")
    keys = licence_for(source).citations
    if "physassistbench" in keys:  # the paper always comes first in the card
        keys = ["physassistbench"] + [k for k in keys if k != "physassistbench"]
    out = [Citation(key=k, **table[k]) for k in keys]
    if source.kind == SourceKind.FHIR and source.citation:
        out.append(
            Citation(
                key="user_source", text=source.display_name, bibtex=source.citation
            )
        )
    return out
