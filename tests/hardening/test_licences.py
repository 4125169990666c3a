"""Licences: MIMIC-derived builds are never pushed; every card carries its licence and citations."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
import yaml

from physassist_env.dataset import load_records, load_sessions
from physassist_env.dataset.hub import RedistributionError, push_to_hub
from physassist_env.dataset.licensing import CARD_DIR, SourceInfo, SourceKind
from physassist_env.dataset.writer import write_dataset

LICENCES = yaml.safe_load((CARD_DIR / "licenses.yaml").read_text(encoding="utf-8"))
CITATIONS = yaml.safe_load((CARD_DIR / "citations.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def builds(
    built_dataset: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """The same sessions written once per source kind."""
    sessions = load_sessions(built_dataset)
    records = list(load_records(built_dataset).values())
    out = {}
    for kind in SourceKind:
        extra = (
            {
                "license": "cc-by-4.0",
                "license_url": "https://creativecommons.org/licenses/by/4.0/",
            }
            if kind == SourceKind.FHIR
            else {}
        )
        path = tmp_path_factory.mktemp("lic") / kind.value
        write_dataset(path, sessions, records, source=SourceInfo(kind=kind, **extra))
        out[kind.value] = path
    return out


@pytest.fixture()
def fake_hub(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict]]:
    """A huggingface_hub whose HfApi records calls instead of uploading."""
    calls: list[tuple[str, dict]] = []

    class HfApi:
        def __init__(self, token: str | None = None) -> None:
            pass

        def create_repo(self, repo_id: str, **kw: object) -> None:
            calls.append(("create_repo", {"repo_id": repo_id, **kw}))

        def upload_folder(self, **kw: object) -> object:
            calls.append(("upload_folder", dict(kw)))
            return types.SimpleNamespace(commit_url="https://hub.invalid/commit/1")

    monkeypatch.setitem(
        sys.modules, "huggingface_hub", types.SimpleNamespace(HfApi=HfApi)
    )
    return calls


@pytest.mark.parametrize("kind", ["mimic-iv", "mimic-iv-demo", "official"])
@pytest.mark.parametrize("private", [True, False])
def test_mimic_derived_never_pushed(
    builds: dict, fake_hub: list, kind: str, private: bool
) -> None:
    with pytest.raises(RedistributionError, match="MIMIC-IV"):
        push_to_hub(builds[kind], "someone/x", private=private)
    assert fake_hub == []  # refused before any Hub call


def test_mimic_flag_in_manifest_alone_refuses(
    builds: dict, fake_hub: list, tmp_path: Path
) -> None:
    """A synthetic-looking manifest that says mimic_derived is still refused."""
    import shutil

    path = tmp_path / "d"
    shutil.copytree(builds["synthetic"], path)
    m = json.loads((path / "physassist.json").read_text())
    m["mimic_derived"] = True
    (path / "physassist.json").write_text(json.dumps(m))
    with pytest.raises(RedistributionError):
        push_to_hub(path, "someone/x", private=True)
    assert fake_hub == []


def test_synthetic_may_be_pushed_publicly(builds: dict, fake_hub: list) -> None:
    url = push_to_hub(builds["synthetic"], "someone/physassistbench", private=False)
    assert url.startswith("https://hub.invalid")
    assert [c[0] for c in fake_hub] == ["create_repo", "upload_folder"]


def test_fhir_only_private(builds: dict, fake_hub: list) -> None:
    with pytest.raises(RedistributionError, match="publicly"):
        push_to_hub(builds["fhir"], "someone/x", private=False)
    assert fake_hub == []
    push_to_hub(builds["fhir"], "someone/x", private=True)
    assert fake_hub[0][1]["private"] is True


@pytest.mark.parametrize("kind", [k.value for k in SourceKind])
def test_card_licence_and_citations(builds: dict, kind: str) -> None:
    path = builds[kind]
    card = (path / "README.md").read_text(encoding="utf-8")
    manifest = json.loads((path / "physassist.json").read_text())
    croissant = json.loads((path / "croissant.json").read_text())
    want = "cc-by-4.0" if kind == "fhir" else LICENCES[kind]["hf_id"]
    head = card.split("---")[1]
    assert yaml.safe_load(head)["license"] == want
    assert manifest["license"] == want
    assert manifest["mimic_derived"] == (
        kind in ("mimic-iv", "mimic-iv-demo", "official")
    )
    for key in LICENCES[kind]["citations"]:
        bib = CITATIONS[key]["bibtex"].strip().splitlines()[0]
        assert bib in card, (kind, key)
    assert croissant.get("license"), kind
