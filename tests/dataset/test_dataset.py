"""write_dataset -> datasets.load_dataset, round trips, determinism, card, Croissant, Hub rules."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
import yaml
from dataset_fixtures import SYNTHETIC, make_records, make_sessions

from physassist_env.dataset import (
    RedistributionError,
    SourceInfo,
    SourceKind,
    check_redistribution,
    iter_sessions,
    load_physassist,
    load_records,
    load_sessions,
    push_to_hub,
    write_dataset,
)
from physassist_env.dataset.stats import (
    TABLE_TITLES,
    compute_stats,
    parse_markdown_table,
)

datasets = pytest.importorskip("datasets")

SPLITS = ("train", "validation", "test")


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any attempt to open a network connection."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


# ------------------------------------------------------------------ loading
def test_load_dataset_from_folder_path(
    built: Path, tmp_path: Path, no_network: None
) -> None:
    dd = datasets.load_dataset(str(built), "sessions", cache_dir=str(tmp_path))
    assert sorted(dd) == sorted(SPLITS)
    assert {s: dd[s].num_rows for s in SPLITS} == {
        "train": 3,
        "validation": 2,
        "test": 3,
    }
    row = dd["test"][0]
    assert len(row["requests_en"]) == 4 and len(row["requests_zh"]) == 4
    assert dd["train"].features["arc_index"].dtype == "int64"
    # default config is sessions
    assert (
        datasets.load_dataset(
            str(built), split="test", cache_dir=str(tmp_path)
        ).num_rows
        == 3
    )


def test_load_dataset_bare_name_from_cwd(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_network: None
) -> None:
    monkeypatch.chdir(built.parent)
    ds = datasets.load_dataset(
        "physassistbench", "sessions", split="validation", cache_dir=str(tmp_path)
    )
    assert ds.num_rows == 2
    ds2 = load_physassist(config="patients", split="train", cache_dir=tmp_path)
    assert sorted(ds2["patient_id"]) == ["p1", "p2"]


def test_missing_folder_error_names_build_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError) as exc:
        load_physassist()
    msg = str(exc.value)
    assert str(tmp_path / "physassistbench") in msg
    assert "physassist build --source synthetic --out physassistbench" in msg
    with pytest.raises(FileNotFoundError):
        load_sessions(tmp_path / "nowhere")


def test_unknown_config_and_split(built: Path) -> None:
    with pytest.raises(ValueError, match="valid configs"):
        load_physassist(built, config="nope")
    with pytest.raises(ValueError, match="available"):
        load_physassist(built, split="dev")
    with pytest.raises(ValueError, match="available"):
        load_sessions(built, split="dev")


# ------------------------------------------------------------------ round trips
def test_sessions_round_trip_exactly(built: Path, tmp_path: Path) -> None:
    originals = {s.session_id: s for s in make_sessions()}
    dd = load_physassist(built, cache_dir=tmp_path)
    loaded = [s for split in SPLITS for s in iter_sessions(dd[split])]
    assert {s.session_id: s for s in loaded} == originals
    for split in SPLITS:
        direct = load_sessions(built, split)
        assert direct == sorted(
            (s for s in originals.values() if s.split == split),
            key=lambda s: s.session_id,
        )
    assert len(load_sessions(built, None)) == len(originals)
    # flat columns agree with the session
    for row in dd["train"]:
        s = originals[row["session_id"]]
        assert row["requests_zh"] == [t.request.zh for t in s.turns]
        assert (row["scenario"], row["tier"], row["arc_index"], row["hadm_id"]) == (
            s.scenario.value,
            s.tier.value,
            s.arc_index,
            s.hadm_id,
        )


def test_patients_round_trip(built: Path, tmp_path: Path) -> None:
    originals = {r.patient_id: r for r in make_records()}
    assert load_records(built) == originals
    assert sorted(load_records(built, "train")) == ["p1", "p2"]
    assert list(load_records(built, "test")) == ["p4"]
    dd = load_physassist(built, "patients", cache_dir=tmp_path)
    row = dd["validation"][0]
    assert row["patient_id"] == "p3" and row["n_resources"] == 2
    assert json.loads(row["resources_json"]) == originals["p3"].resources
    assert json.loads(row["meta_json"]) == originals["p3"].meta


# ------------------------------------------------------------------ determinism
def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_rebuild_is_byte_identical(built: Path, tmp_path: Path) -> None:
    sessions = make_sessions()[::-1]  # input order must not matter
    records = make_records()[::-1]
    other = tmp_path / "again"
    write_dataset(
        other,
        sessions,
        records,
        source=SYNTHETIC,
        stats_extra={"seed": 7, "n_patients": 4},
    )
    assert _files(other) == _files(built)
    assert set(_files(built)) == {
        "README.md",
        "croissant.json",
        "physassist.json",
        *(f"{c}/{s}.parquet" for c in ("sessions", "patients") for s in SPLITS),
        # the resource index beside each patients file (dataset/patient_index.py)
        *(f"patients/{s}.index.parquet" for s in SPLITS),
    }


# ------------------------------------------------------------------ card
def _front_matter(card: str) -> dict:
    assert card.startswith("---\n")
    return yaml.safe_load(card.split("---\n", 2)[1])


def test_card_yaml_and_sections(built: Path) -> None:
    card = (built / "README.md").read_text(encoding="utf-8")
    meta = _front_matter(card)
    assert meta["license"] == "cc-by-4.0"
    assert meta["language"] == ["en", "zh"]
    for key in ("pretty_name", "task_categories", "size_categories", "tags"):
        assert meta[key]
    configs = {c["config_name"]: c for c in meta["configs"]}
    assert configs["sessions"]["default"] is True
    assert configs["sessions"]["data_files"] == [
        {"split": s, "path": f"sessions/{s}.parquet"} for s in SPLITS
    ]
    assert [d["split"] for d in configs["patients"]["data_files"]] == list(SPLITS)
    for heading in (
        "## Dataset Details",
        "### Dataset Description",
        "**Curated by:**",
        "**Language(s) (NLP):**",
        "**License:**",
        "### Dataset Sources",
        "**Repository:**",
        "**Paper:**",
        "## Uses",
        "### Direct Use",
        "### Out-of-Scope Use",
        "## Dataset Structure",
        "agent-visible",
        "grader-only",
        "## Dataset Creation",
        "### Curation Rationale",
        "### Source Data",
        "### Annotations",
        "#### Personal and Sensitive Information",
        "## Bias, Risks, and Limitations",
        "## Citation",
        "@article{du2026physassistbench",
        "arXiv:2606.18613",
    ):
        assert heading in card, heading
    assert "${" not in card


def test_card_stats_match_sessions(built: Path) -> None:
    card = (built / "README.md").read_text(encoding="utf-8")
    sessions = make_sessions()
    expected = compute_stats(sessions, {s.patient_id: s.split for s in sessions})
    for name, (title, _) in TABLE_TITLES.items():
        block = card.split(f"#### {title}\n", 1)[1].split("\n\n#", 1)[0]
        assert parse_markdown_table(block) == expected[name], name
    # independent spot checks
    splits = parse_markdown_table(
        card.split("#### Splits\n", 1)[1].split("\n\n#", 1)[0]
    )
    assert splits["sessions"] == {"train": 3, "validation": 2, "test": 3, "total": 8}
    assert splits["turns"]["total"] == 32 and splits["patients"]["total"] == 4
    lang = expected["language"]
    assert lang["en"]["total"] == lang["zh"]["total"] == 32
    by_type = expected["task_type"]
    assert sum(c["total"] for c in by_type.values()) == 32
    assert by_type["IL"]["total"] >= 8  # turn 0 is always IL


@pytest.mark.parametrize(
    ("kind", "licence", "needle"),
    [
        ("mimic-iv-demo", "odbl", "10.13026/07hj-2a80"),
        ("mimic-iv", "other", "DO NOT REDISTRIBUTE"),
        ("official", "other", "DO NOT REDISTRIBUTE"),
        ("fhir", "unknown", "Check your source's licence"),
    ],
)
def test_licence_by_source_kind(
    tmp_path: Path, kind: str, licence: str, needle: str
) -> None:
    info = write_dataset(
        tmp_path / kind, make_sessions(), make_records(), source=SourceInfo(kind=kind)
    )
    card = (tmp_path / kind / "README.md").read_text(encoding="utf-8")
    meta = _front_matter(card)
    assert meta["license"] == licence == info.license
    assert needle in card
    if licence == "other":
        assert (
            meta["license_name"] == "physionet-credentialed-health-data-license-1.5.0"
        )
    assert info.mimic_derived is (kind in ("mimic-iv-demo", "mimic-iv", "official"))


# ------------------------------------------------------------------ croissant
def test_croissant_validates_offline(built: Path, no_network: None) -> None:
    mlc = pytest.importorskip("mlcroissant")
    doc = json.loads((built / "croissant.json").read_text())
    assert doc["conformsTo"] == "http://mlcommons.org/croissant/1.0"
    files = {d["contentUrl"]: d["sha256"] for d in doc["distribution"] if "sha256" in d}
    manifest = json.loads((built / "physassist.json").read_text())
    assert files == manifest["sha256"]
    dataset = mlc.Dataset(
        jsonld=built / "croissant.json"
    )  # raises on validation errors
    assert dataset.metadata.name.startswith("PhysAssistBench")
    fields = {f.name for f in dataset.metadata.record_sets[0].fields}
    assert {"session_id", "scenario", "requests_en", "session_json"} <= fields
    assert dataset.metadata.ctx.issues.errors == set()
    records = list(dataset.records("sessions"))
    assert sorted(r["sessions/session_id"].decode() for r in records) == [
        f"s{k:03d}" for k in range(8)
    ]


def test_croissant_without_warnings_when_dated(
    tmp_path: Path, no_network: None
) -> None:
    mlc = pytest.importorskip("mlcroissant")
    out = tmp_path / "dated"
    write_dataset(
        out,
        make_sessions(),
        make_records(),
        source=SYNTHETIC,
        stats_extra={"date_published": "2026-11-30"},
    )
    dataset = mlc.Dataset(jsonld=out / "croissant.json")
    assert dataset.metadata.ctx.issues.warnings == set()
    assert dataset.metadata.ctx.issues.errors == set()


# ------------------------------------------------------------------ writer errors
def test_overwrite_protection(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    with pytest.raises(FileExistsError, match="overwrite=True"):
        write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    fewer = [s for s in make_sessions() if s.split != "validation"]
    info = write_dataset(out, fewer, make_records(), source=SYNTHETIC, overwrite=True)
    assert (
        info.counts["sessions"]["total"] == 6
        and "validation" not in info.files["sessions"]
    )
    assert not (out / "sessions" / "validation.parquet").exists()
    assert info.build["records_without_sessions_skipped"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["ds"]  # no temp folders left
    # a non-empty folder not written by write_dataset is never replaced
    foreign = tmp_path / "home"
    foreign.mkdir()
    (foreign / "thesis.tex").write_text("precious")
    with pytest.raises(FileExistsError, match="not written by write_dataset"):
        write_dataset(
            foreign, make_sessions(), make_records(), source=SYNTHETIC, overwrite=True
        )
    assert (foreign / "thesis.tex").read_text() == "precious"
    # an existing empty folder is fine
    empty = tmp_path / "empty"
    empty.mkdir()
    write_dataset(empty, make_sessions(), make_records(), source=SYNTHETIC)
    assert (empty / "README.md").is_file()


def test_patient_in_two_splits_errors(tmp_path: Path) -> None:
    sessions = make_sessions()
    sessions[0] = sessions[0].model_copy(update={"patient_id": "p4"})  # p4 is in test
    with pytest.raises(ValueError, match="'p4' appears in two splits"):
        write_dataset(tmp_path / "x", sessions, make_records(), source=SYNTHETIC)
    assert not (tmp_path / "x").exists()
    assert list(tmp_path.iterdir()) == []


def test_other_input_errors(tmp_path: Path) -> None:
    sessions = make_sessions()
    with pytest.raises(ValueError, match="valid splits"):
        bad = [sessions[0].model_copy(update={"split": "dev"})]
        write_dataset(tmp_path / "a", bad, make_records(), source=SYNTHETIC)
    with pytest.raises(ValueError, match="appears twice"):
        write_dataset(
            tmp_path / "b", sessions + sessions[:1], make_records(), source=SYNTHETIC
        )
    with pytest.raises(ValueError, match="have no record: p4"):
        write_dataset(tmp_path / "c", sessions, make_records()[:3], source=SYNTHETIC)
    with pytest.raises(ValueError, match="unknown source kind|Input should be"):
        SourceInfo(kind="mimic")


# ------------------------------------------------------------------ hub
@pytest.mark.parametrize("kind", ["mimic-iv", "mimic-iv-demo", "official"])
def test_mimic_derived_push_refused(
    tmp_path: Path, kind: str, no_network: None
) -> None:
    out = tmp_path / kind
    write_dataset(out, make_sessions(), make_records(), source=SourceInfo(kind=kind))
    for private in (True, False):
        with pytest.raises(RedistributionError, match="derived from MIMIC-IV"):
            push_to_hub(out, "someone/physassist", private=private, token="hf_fake")


def test_non_synthetic_public_push_refused(tmp_path: Path, no_network: None) -> None:
    out = tmp_path / "fhir"
    write_dataset(
        out, make_sessions(), make_records(), source=SourceInfo(kind=SourceKind.FHIR)
    )
    with pytest.raises(RedistributionError, match="publicly"):
        push_to_hub(out, "someone/physassist", private=False, token="hf_fake")
    with pytest.raises(RedistributionError, match="licence of its source"):
        check_redistribution(out, private=True)  # unknown licence: only with the flag
    # allowed: private upload of a user source whose licence the user has checked
    check_redistribution(out, private=True, allow_unknown_licence=True)


def test_push_checks_the_source_kind_not_only_the_flag(
    tmp_path: Path, no_network: None
) -> None:
    out = tmp_path / "tampered"
    write_dataset(
        out, make_sessions(), make_records(), source=SourceInfo(kind="mimic-iv")
    )
    manifest = json.loads((out / "physassist.json").read_text())
    manifest["mimic_derived"] = False
    (out / "physassist.json").write_text(json.dumps(manifest))
    with pytest.raises(RedistributionError):
        check_redistribution(out, private=True)


def test_synthetic_may_be_pushed(built: Path) -> None:
    check_redistribution(built, private=False)
    check_redistribution(built, private=True)
